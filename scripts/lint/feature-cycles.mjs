// "No folder cycle between features" (ARCHITECTURE.md; decisions 0031, 0032) on the server:
// a feature may use another's face, but never one that, through any chain of features,
// uses it back; a flow that needs both directions is a workflow. Every import counts, schema.ts
// files' included: a foreign key between two features' tables is written in a migration, so no
// schema.ts names another feature's table (decision 0047).
import { cruise } from 'dependency-cruiser';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { options } = require('../../.dependency-cruiser.cjs');

const FEATURE = /^src\/server\/features\/([^/]+)\//;

/** The feature a file belongs to ("orders"), or null outside the features. */
function featureOf(file) {
  return FEATURE.exec(file)?.[1] ?? null;
}

/** feature -> (feature it uses -> the first import that shows it). */
function featureGraph(modules) {
  const graph = new Map();
  for (const module of modules) {
    const from = featureOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = featureOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, `${module.source} -> ${dependency.resolved}`);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one feature (Tarjan's algorithm). */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

const { output } = await cruise(['src/server'], { ...options, outputType: 'json' });
const graph = featureGraph(JSON.parse(output).modules);
const found = cycles(graph);
if (found.length === 0) {
  console.log('feature-cycles: no cycle between features');
} else {
  for (const group of found) {
    console.error(`feature-cycles: these features use each other in a circle: ${group.join(', ')}`);
    for (const from of group) {
      for (const [to, example] of graph.get(from) ?? []) if (group.includes(to)) console.error(`  ${from} -> ${to}  (${example})`);
    }
  }
  process.exitCode = 1;
}
