// A small Dockerfile reader for lint tests (no Docker engine here): joins `\` continuations,
// drops comments and parser directives, and groups instructions by build stage.

export interface Instruction {
  readonly keyword: string; // upper case: FROM, RUN, COPY, ...
  readonly args: string;
  readonly line: number; // 1-based line where the instruction starts
}

export interface Stage {
  readonly name: string; // `AS` name, or the stage index as text
  readonly base: string; // image or earlier stage name, as written
  readonly instructions: readonly Instruction[];
}

export interface Dockerfile {
  readonly globalArgs: readonly Instruction[]; // ARGs before the first FROM
  readonly stages: readonly Stage[];
}

function readInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) return;
    if (pending !== '' && line.startsWith('#')) return; // comment inside a continued instruction
    if (pending === '') startLine = index + 1;
    pending += `${line.replace(/\\$/, '').trim()} `;
    if (line.endsWith('\\')) return;
    const [keyword, ...rest] = pending.trim().split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: startLine });
    pending = '';
  });
  if (pending !== '') throw new Error(`Dockerfile ends inside a continued instruction (line ${startLine})`);
  return instructions;
}

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs: Instruction[] = [];
  const stages: { name: string; base: string; instructions: Instruction[] }[] = [];
  for (const instruction of readInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const match = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`line ${instruction.line}: cannot read FROM ${instruction.args}`);
      stages.push({ name: match[2] ?? String(stages.length), base: match[1], instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG')
        throw new Error(`line ${instruction.line}: ${instruction.keyword} before FROM`);
      globalArgs.push(instruction);
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

/** The stage and its ancestors among the Dockerfile's stages, nearest first. */
export function stageLineage(dockerfile: Dockerfile, name: string): Stage[] {
  const lineage: Stage[] = [];
  for (let stage = dockerfile.stages.find((s) => s.name === name); stage;) {
    lineage.push(stage);
    const base = stage.base;
    stage = dockerfile.stages.find((s) => s.name === base);
  }
  return lineage;
}

/** The last value of an instruction in the stage, inherited from parent stages when absent. */
export function effectiveInstruction(
  dockerfile: Dockerfile,
  stage: string,
  keyword: string,
): Instruction | undefined {
  for (const current of stageLineage(dockerfile, stage)) {
    const found = current.instructions.filter((i) => i.keyword === keyword).pop();
    if (found) return found;
  }
  return undefined;
}
