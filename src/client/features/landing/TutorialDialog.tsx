import { Gift } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ScrollRegion } from '../../components/ui/scroll-region';

const STEPS = [
  { title: 'Watch your inbox', text: 'After your payment is confirmed, your cashback reward arrives by email from our reward provider within 1-2 hours. Check your spam folder if you do not see it.' },
  { title: 'Open the reward link', text: 'Click the link in the email to open your reward page. No account is needed to view it.' },
  { title: 'Choose how to receive it', text: 'Confirm the gift card you picked at checkout, or pick another brand from the list offered on the reward page.' },
  { title: 'Redeem your e-gift card', text: 'Follow the brand instructions to add the card to your account or wallet. Once redeemed, a reward is final and cannot be exchanged.' },
  { title: 'Need another card?', text: 'If your subscription earns an extra gift card, it is delivered within one business day. Our 24/7 support team can help with any step.' },
];

export function TutorialDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Gift className="size-5 text-accent" aria-hidden="true" />
            How to redeem your cash back e-gift card
          </DialogTitle>
          <DialogDescription>Five steps from our reward provider's email to your gift card.</DialogDescription>
        </DialogHeader>
        <ScrollRegion label="Steps" className="max-h-[55vh] overflow-y-auto rounded-xl pr-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <ol className="space-y-4" data-testid="tutorial-steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 rounded-xl border border-border bg-background/50 p-4">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-gradient font-bold text-white">{index + 1}</span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </ScrollRegion>
      </DialogContent>
    </Dialog>
  );
}
