/**
 * An email address inside a sentence: left to right and whole under an Arabic frame too
 * (decision 0115). In a right-to-left line its '@' and dots would reorder its parts. It goes to
 * a line of its own rather than being cut at a line's end as `break-all` cut it; only an address
 * wider than the line breaks, first before its '@', and never widens the page.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <bdi dir="ltr" className="wrap-anywhere">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </bdi>
  );
}
