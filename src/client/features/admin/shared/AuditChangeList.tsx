import { auditChanges } from './admin-view';

/** What an audit entry changed, one field a line. */
export function AuditChangeList({ before, after }: { before: Record<string, unknown>; after: Record<string, unknown> }) {
  return (
    <ul className="mt-1 text-xs text-muted-foreground">
      {auditChanges(before, after).map((line) => (
        <li key={line} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}
