import { readFileSync } from 'node:fs';

/** One instruction of a Dockerfile: its keyword, its leading flags (`--from=build`) and the rest of it. */
export interface Instruction {
  keyword: string;
  flags: Record<string, string>;
  args: string;
}

/** A stage: the name given by `FROM image AS name`, and its instructions after FROM, in order. */
export interface Stage {
  name: string | undefined;
  instructions: Instruction[];
}

/**
 * The stages of a Dockerfile, as far as the image's test needs to read them: comments and
 * the parser directive dropped, continued lines joined, each instruction's flags apart.
 */
export function readStages(file: string): Stage[] {
  const lines = readFileSync(file, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const instruction = parseInstruction(line);
    if (instruction.keyword === 'FROM') stages.push({ name: / AS (\S+)$/i.exec(instruction.args)?.[1], instructions: [] });
    else if (stages.length === 0) throw new Error(`${file}: ${instruction.keyword} before the first FROM`);
    else stages.at(-1)!.instructions.push(instruction);
  }
  return stages;
}

function parseInstruction(line: string): Instruction {
  const [, keyword = '', rest = ''] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
  const flags: Record<string, string> = {};
  let args = rest;
  for (let flag = /^--([\w-]+)=(\S+)\s+/.exec(args); flag; flag = /^--([\w-]+)=(\S+)\s+/.exec(args)) {
    flags[flag[1]!] = flag[2]!;
    args = args.slice(flag[0].length);
  }
  return { keyword: keyword.toUpperCase(), flags, args };
}

/** `ENV A=1 B=2` as { A: '1', B: '2' } (the `KEY=value` form only). */
export function envOf(instruction: Instruction): Record<string, string> {
  const pairs = [...instruction.args.matchAll(/(\w+)=("[^"]*"|\S*)/g)];
  if (pairs.length === 0) throw new Error(`ENV ${instruction.args}: write it KEY=value`);
  return Object.fromEntries(pairs.map(([, key, value]) => [key!, value!.replace(/^"(.*)"$/, '$1')]));
}

/**
 * A command in the exec form, `["node", "main.js"]`, which Docker runs without a shell so that
 * signals reach the process; the shell form is refused.
 */
export function execForm(text: string): string[] {
  const command: unknown = text.startsWith('[') ? JSON.parse(text) : null;
  if (!Array.isArray(command) || !command.every((part) => typeof part === 'string')) {
    throw new Error(`${text}: not in the exec form ["program", "argument", ...], so a shell would run it and keep signals from it`);
  }
  return command;
}
