// An ESLint rule for "words a user reads live in message catalogues" (ARCHITECTURE.md;
// decision 0106): in a translated file, JSX writes no words of its own, as text or in the
// attributes a user reads (or hears: aria-label), but takes them from the catalogue.

/** The attributes whose value a user reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);

const hasWords = (text) => /\p{L}/u.test(text);

/** A string literal's or a template's text, when it has no placeholders. */
function textOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  return null;
}

/** The expression's possible strings: a literal, or the branches of a ?: or && / ||. */
function stringsOf(node) {
  if (!node) return [];
  if (node.type === 'ConditionalExpression') return [...stringsOf(node.consequent), ...stringsOf(node.alternate)];
  if (node.type === 'LogicalExpression') return stringsOf(node.right);
  const text = textOf(node);
  return text === null ? [] : [{ node, text }];
}

export const noBareJsxText = {
  meta: {
    type: 'problem',
    docs: { description: 'Words in JSX come from the message catalogues, not from the code.' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      bareText: 'User-facing words "{{text}}" written in JSX: put them in src/messages/<locale>/<area>.json and render t(key) (decision 0106).',
    },
  },
  create(context) {
    const allowed = new Set(context.options[0]?.allow ?? []);
    const check = (node, text) => {
      const trimmed = text.replace(/\s+/g, ' ').trim();
      if (hasWords(trimmed) && !allowed.has(trimmed)) context.report({ node, messageId: 'bareText', data: { text: trimmed.slice(0, 60) } });
    };
    return {
      JSXText(node) {
        check(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        for (const found of stringsOf(node.expression)) check(found.node, found.text);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal') check(node.value, String(node.value.value));
        else if (node.value.type === 'JSXExpressionContainer') for (const found of stringsOf(node.value.expression)) check(found.node, found.text);
      },
    };
  },
};
