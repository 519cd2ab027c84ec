// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/client/components/ui/toaster';
import { addMessages } from '../../src/client/lib/i18n';
import { useSignOut } from '../../src/client/lib/sign-out';
import arSite from '../../src/messages/ar/site.json';
import enSite from '../../src/messages/en/site.json';
import ptSite from '../../src/messages/pt-BR/site.json';

/** The sign-out toast and the toasts' own labels, in `site` for every page (decision 0115); English as the spec writes it. */
function SignOut() {
  const signOut = useSignOut();
  return <button onClick={() => signOut.mutate()}>sign out</button>;
}

async function signedOut(): Promise<{ toast: string; close: string; region: string }> {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignOut />
      <Toaster />
    </QueryClientProvider>,
  );
  await act(async () => screen.getByRole('button', { name: 'sign out' }).click());
  // The sign-out's answer schema loads on demand (decision 0082): slow on a busy machine.
  const toast = await screen.findByRole('listitem', undefined, { timeout: 5000 });
  const close = toast.querySelector('button')?.getAttribute('aria-label') ?? '';
  const region = screen.getByRole('region').getAttribute('aria-label') ?? '';
  return { toast: toast.textContent ?? '', close, region };
}

describe('signing out in the page language', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Logged out' }), { status: 200, headers: { 'Content-Type': 'application/json' } })))));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    addMessages('en', ['site'], enSite);
  });

  it('says Logged Out in English as before', async () => {
    addMessages('en', ['site'], enSite);
    expect(await signedOut()).toEqual({ toast: 'Logged OutYou have been successfully logged out', close: 'Close', region: 'Notification(s)' });
  });

  it('says it in Brazilian Portuguese and Arabic, the toast labels too', async () => {
    addMessages('pt-BR', ['site'], ptSite);
    expect(await signedOut()).toEqual({ toast: 'Sessão encerradaVocê saiu da sua conta com sucesso', close: 'Fechar', region: 'Notificações' });
    cleanup();
    addMessages('ar', ['site'], arSite);
    expect(await signedOut()).toEqual({ toast: 'تم تسجيل الخروجتم تسجيل خروجك بنجاح', close: 'إغلاق', region: 'الإشعارات' });
  });
});
