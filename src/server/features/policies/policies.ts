import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AcceptedPolicy, AdminPolicy, PublicPolicy } from '#contract/policies';
import { POLICY_NAMES, POLICY_TITLES, type PolicyName } from '#contract/policy-paths';
import type { AuditActor } from '#domain/actors';
import { conflict } from '#domain/errors';
import type { DbOrTx } from '#server/db/connect';
import { DEFAULT_POLICIES } from './defaults';
import { renderPolicy } from './render';
import { policyVersions } from './schema';

/** The version of a policy nobody has edited: the store's default text. */
const DEFAULT_VERSION = 1;

/** How many texts' HTML this instance keeps; a store has three policies and edits them rarely. */
const RENDERED_KEPT = 32;
const rendered = new Map<string, string>();

/**
 * A text's HTML, rendered once per text, not per request (decision 0097). Keyed by the text
 * itself, not by its version number, so no instance can serve another text's HTML under the
 * same number (a restored backup, a test's emptied table).
 */
function htmlOf(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = renderPolicy(markdown);
    if (rendered.size >= RENDERED_KEPT) rendered.clear();
    rendered.set(markdown, html);
  }
  return html;
}

interface StoredVersion {
  version: number;
  markdown: string;
  createdAt: Date;
}

function asPolicy(name: PolicyName, stored: StoredVersion | undefined) {
  const markdown = stored?.markdown ?? DEFAULT_POLICIES[name];
  return {
    name,
    title: POLICY_TITLES[name],
    version: stored?.version ?? DEFAULT_VERSION,
    markdown,
    html: htmlOf(markdown),
    updatedAt: stored?.createdAt.toISOString() ?? null,
  };
}

async function latestStored(db: DbOrTx, name: PolicyName): Promise<StoredVersion | undefined> {
  const [latest] = await db
    .select({ version: policyVersions.version, markdown: policyVersions.markdown, createdAt: policyVersions.createdAt })
    .from(policyVersions)
    .where(eq(policyVersions.name, name))
    .orderBy(desc(policyVersions.version))
    .limit(1);
  return latest;
}

/** GET /api/policies/:name: the version in force, one indexed read. */
export async function currentPolicy(db: DbOrTx, name: PolicyName): Promise<PublicPolicy> {
  const { markdown: _markdown, ...policy } = asPolicy(name, await latestStored(db, name));
  return policy;
}

/** GET /api/admin/policies (or one policy, after its edit): each policy's current text and its versions, newest first. */
export async function adminPolicies(db: DbOrTx, names: readonly PolicyName[] = POLICY_NAMES): Promise<AdminPolicy[]> {
  const [latest, history] = await Promise.all([
    db
      .selectDistinctOn([policyVersions.name], { name: policyVersions.name, version: policyVersions.version, markdown: policyVersions.markdown, createdAt: policyVersions.createdAt })
      .from(policyVersions)
      .where(inArray(policyVersions.name, [...names]))
      .orderBy(policyVersions.name, desc(policyVersions.version)),
    db
      .select({ name: policyVersions.name, version: policyVersions.version, createdAt: policyVersions.createdAt, createdBy: policyVersions.createdByUsername })
      .from(policyVersions)
      .where(inArray(policyVersions.name, [...names]))
      .orderBy(policyVersions.name, desc(policyVersions.version)),
  ]);
  return names.map((name) => ({
    ...asPolicy(
      name,
      latest.find((row) => row.name === name),
    ),
    versions: [
      ...history.filter((row) => row.name === name).map((row) => ({ version: row.version, createdAt: row.createdAt.toISOString(), createdBy: row.createdBy })),
      { version: DEFAULT_VERSION, createdAt: null, createdBy: null },
    ],
  }));
}

/** What an edit did, for the audit row: the version before and after, unchanged when the text was the same. */
export interface PolicyChange {
  before: { version: number };
  after: { version: number };
  changed: boolean;
}

/**
 * Appends the owner's text as the policy's next version, in the caller's transaction (the
 * audit row's). The same text again is no new version, so a repeated request changes nothing.
 * Two edits at once both aim at the same number; the primary key lets one in, and the other
 * reads again and tries the next.
 */
export async function appendPolicyVersion(tx: DbOrTx, name: PolicyName, markdown: string, actor: AuditActor): Promise<PolicyChange> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const latest = await latestStored(tx, name);
    const version = latest?.version ?? DEFAULT_VERSION;
    const text = latest?.markdown ?? DEFAULT_POLICIES[name];
    if (text === markdown) return { before: { version }, after: { version }, changed: false };
    const inserted = await tx
      .insert(policyVersions)
      .values({ name, version: version + 1, markdown, createdBy: actor.id, createdByUsername: actor.username })
      .onConflictDoNothing()
      .returning({ version: policyVersions.version });
    if (inserted.length > 0) return { before: { version }, after: { version: version + 1 }, changed: true };
  }
  throw conflict('The policy was changed at the same moment; please try again');
}

/**
 * The texts of these policy versions, as a buyer was shown them (the admin's order detail):
 * version 1 with no stored row is the store's default text.
 */
export async function policyTextsOf(db: DbOrTx, accepted: ReadonlyArray<{ name: PolicyName; version: number }>): Promise<AcceptedPolicy[]> {
  if (accepted.length === 0) return [];
  const rows = await db
    .select({ name: policyVersions.name, version: policyVersions.version, markdown: policyVersions.markdown })
    .from(policyVersions)
    .where(
      and(
        inArray(policyVersions.name, accepted.map((policy) => policy.name)),
        inArray(policyVersions.version, accepted.map((policy) => policy.version)),
      ),
    );
  return accepted.map(({ name, version }) => {
    const markdown = rows.find((row) => row.name === name && row.version === version)?.markdown ?? DEFAULT_POLICIES[name];
    return { name, version, markdown, html: htmlOf(markdown) };
  });
}

/**
 * The version of a policy in force, as an SQL expression for another feature's statement (the
 * order's insert): the version recorded is the one read with the write, whichever instance
 * writes it, and the purchase makes no statement more (decision 0097).
 */
export function currentVersionSql(name: PolicyName) {
  return sql<number>`(select coalesce(max(${policyVersions.version}), ${sql.raw(String(DEFAULT_VERSION))}) from ${policyVersions} where ${policyVersions.name} = ${sql.raw(`'${name}'`)})`;
}
