-- Claims stored before trials were one per mailbox keep the address as it was written.
-- Rewrite each to its mailbox, the rule of src/domain/mailbox.ts (canonicalMailbox): lower
-- case, no +tag, and for Gmail no dots and googlemail.com read as gmail.com. Where several
-- old spellings reach one mailbox, the earliest claim is kept: one trial was already given.
CREATE TEMPORARY TABLE trial_claim_mailboxes AS
SELECT email AS written, created_at,
  CASE WHEN domain IN ('gmail.com', 'googlemail.com')
    THEN COALESCE(NULLIF(replace(COALESCE(NULLIF(split_part(local, '+', 1), ''), local), '.', ''), ''), COALESCE(NULLIF(split_part(local, '+', 1), ''), local)) || '@gmail.com'
    ELSE COALESCE(NULLIF(split_part(local, '+', 1), ''), local) || '@' || domain
  END AS mailbox
FROM (
  SELECT email, created_at,
    left(lower(trim(email)), length(lower(trim(email))) - strpos(reverse(lower(trim(email))), '@')) AS local,
    right(lower(trim(email)), strpos(reverse(lower(trim(email))), '@') - 1) AS domain
  FROM trial_claims
  WHERE strpos(email, '@') > 1
) AS parts;
--> statement-breakpoint
DELETE FROM trial_claims AS claim
USING trial_claim_mailboxes AS spelling
WHERE claim.email = spelling.written
  AND EXISTS (
    SELECT 1 FROM trial_claim_mailboxes AS earlier
    WHERE earlier.mailbox = spelling.mailbox
      AND (earlier.created_at, earlier.written) < (spelling.created_at, spelling.written)
  );
--> statement-breakpoint
UPDATE trial_claims AS claim
SET email = spelling.mailbox
FROM trial_claim_mailboxes AS spelling
WHERE claim.email = spelling.written AND spelling.mailbox <> spelling.written;
--> statement-breakpoint
DROP TABLE trial_claim_mailboxes;
