import { EmailButton, EmailLayout, Facts, Paragraph, useStoreLink } from '#server/lib/email/index';

/** Where an alert sends the owner: the admin's Panel view. */
export const PANEL_VIEW_PATH = '/admin?tab=panel';

export interface PanelAlertProps {
  preview: string;
  heading: string;
  paragraphs: readonly string[];
  facts: ReadonlyArray<readonly [string, string]>;
}

/** An alert about the provisioning panel, or its recovery, to the store's owner (decision 0093). */
export function PanelAlertEmail({ preview, heading, paragraphs, facts }: PanelAlertProps) {
  const panelView = useStoreLink(PANEL_VIEW_PATH);
  return (
    <EmailLayout preview={preview} heading={heading}>
      {paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      <Facts rows={facts} />
      <EmailButton href={panelView}>Open the Panel view</EmailButton>
    </EmailLayout>
  );
}

export const panelAlertSample: PanelAlertProps = {
  preview: 'The provisioning panel has not answered since January 4, 2027 at 2:05 PM (UTC).',
  heading: 'The panel is unreachable',
  paragraphs: [
    "The provisioning panel has not answered the store's checks since January 4, 2027 at 2:05 PM (UTC).",
    'New orders wait for it: their lines are made when it answers again, and none is lost. Check the panel, its address (XTREAM_PANEL_URL) and its reseller key.',
  ],
  facts: [
    ['Unreachable since', 'January 4, 2027 at 2:05 PM (UTC)'],
    ['Last error', 'Xtream panel answered HTTP 503 to user_info'],
    ['Provisioning jobs waiting', '3'],
  ],
};
