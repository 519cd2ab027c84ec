// An ESLint rule for "each table has one owner" (ARCHITECTURE.md; decision 0031): an insert,
// update or delete names a drizzle table imported from the writer's own part of the server.
// dependency-cruiser sees imports, not what is done with them; this rule sees the write.
import path from 'node:path';

const WRITES = new Set(['insert', 'update', 'delete']);
const SERVER = `src${path.sep}server${path.sep}`;

/** The part of the server that may own tables: features/<name>, providers/<kind>, http, lib, db. */
function ownerOf(file) {
  const at = file.indexOf(SERVER);
  if (at < 0) return null;
  const [first, second] = file.slice(at + SERVER.length).split(path.sep);
  return first === 'features' || first === 'providers' ? `${first}/${second}` : first;
}

/** Where an import comes from, as a file path: relative paths and the #server/ alias. */
function importedFile(source, fromFile) {
  const at = fromFile.indexOf(SERVER);
  if (source.startsWith('#server/')) return fromFile.slice(0, at) + SERVER + source.slice('#server/'.length).split('/').join(path.sep);
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return null;
}

export const tableWritesByOwner = {
  meta: {
    type: 'problem',
    docs: { description: "A table is inserted into, updated or deleted from only by its owner's own files." },
    schema: [],
    messages: {
      foreignWrite: "{{table}} belongs to {{owner}}: call {{owner}}'s own function (taking the transaction) instead of writing it from {{writer}}.",
    },
  },
  create(context) {
    const writer = ownerOf(context.filename);
    if (!writer) return {};
    const owners = new Map();
    return {
      ImportDeclaration(node) {
        const file = importedFile(String(node.source.value), context.filename);
        const owner = file && ownerOf(file);
        if (!owner || !/(^|[/\\])(schema|index)$/.test(file)) return;
        for (const specifier of node.specifiers) owners.set(specifier.local.name, owner);
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITES.has(callee.property.name)) return;
        const table = node.arguments[0];
        if (table?.type !== 'Identifier') return;
        const owner = owners.get(table.name);
        if (owner && owner !== writer) context.report({ node, messageId: 'foreignWrite', data: { table: table.name, owner, writer } });
      },
    };
  },
};
