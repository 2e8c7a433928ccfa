import type { OutlineState, OutlineTransition, StatechartOutline } from './statechart-outline.ts';

/**
 * A machine as a Mermaid `stateDiagram-v2`: compound states as boxes, parallel regions split by `--`, `[*]` for the
 * initial and final states, one arrow per written transition labelled with its event and guard, and a note per state
 * with its description, what it runs and the events it handles without leaving. A transition that a compound state
 * (or the whole machine) takes from any of its children into one of them starts at an "(any state)" point inside it:
 * Mermaid cannot draw an arrow from a box into itself.
 */
export interface ChartOptions {
  /** State ids to highlight (the dev /flows page's live states). */
  live?: readonly string[];
}

/** Mermaid ids: letters, digits and underscores only, never a keyword. */
export function chartIdOf(stateId: string): string {
  return `s_${stateId.replace(/[^A-Za-z0-9]/g, '_')}`;
}

const anyId = (stateId: string) => `${chartIdOf(stateId)}__any`;

/** Keeps a label on one line and away from Mermaid's separators. */
function clean(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .replace(/[;"{}#]/g, (c) => ({ ';': ',', '"': "'", '{': '(', '}': ')', '#': 'no.' })[c] ?? c)
      // Mermaid's state notes are `id : text`: a colon inside the text ends its lexer's token.
      .replace(/\s*:\s*/g, ' – ')
      .trim()
  );
}

/** Greedy word wrap: Mermaid keeps a state's description lines as written. */
function wrapped(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + word.length + 1 <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function isInside(stateId: string, ancestorId: string): boolean {
  return stateId === ancestorId || stateId.startsWith(`${ancestorId}.`);
}

function noteOf(state: OutlineState, stays: OutlineTransition[]): string[] {
  const lines: string[] = [];
  if (state.description) lines.push(clean(state.description));
  const runs = state.invokes.map((invoke) => invoke.src);
  if (runs.length > 0) lines.push(`Runs ${runs.join(', ')}`);
  const handled = [...new Set(stays.map((t) => t.label))];
  if (handled.length > 0) lines.push(`Stays on ${handled.join(', ')}`);
  return lines;
}

export function mermaidChart(outline: StatechartOutline, options: ChartOptions = {}): string {
  const byId = new Map(outline.states.map((state) => [state.id, state]));
  const root = outline.states[0];
  if (!root) throw new Error(`machine ${outline.id} has no states`);
  const out: string[] = ['stateDiagram-v2'];
  const staysBySource = new Map<string, OutlineTransition[]>();
  const arrows: OutlineTransition[] = [];
  for (const transition of outline.transitions) {
    if (transition.targetIds.length === 0) staysBySource.set(transition.sourceId, [...(staysBySource.get(transition.sourceId) ?? []), transition]);
    else arrows.push(transition);
  }
  /** Containers that need an "(any state)" point: a transition from them into themselves. */
  const anyPoints = new Set(
    arrows.filter((t) => byId.get(t.sourceId)?.childIds.length && t.targetIds.some((target) => isInside(target, t.sourceId))).map((t) => t.sourceId),
  );

  const writeChildren = (container: OutlineState, indent: string) => {
    if (container.initialId) out.push(`${indent}[*] --> ${chartIdOf(container.initialId)}`);
    if (anyPoints.has(container.id)) out.push(`${indent}state "(any state)" as ${anyId(container.id)}`);
    container.childIds.forEach((childId, index) => {
      if (container.type === 'parallel' && index > 0) out.push(`${indent}--`);
      const child = byId.get(childId);
      if (child) writeState(child, indent);
    });
  };
  const writeState = (state: OutlineState, indent: string) => {
    const id = chartIdOf(state.id);
    if (state.childIds.length > 0) {
      out.push(`${indent}state "${clean(state.key)}" as ${id} {`);
      writeChildren(state, `${indent}  `);
      out.push(`${indent}}`);
    } else {
      out.push(`${indent}state "${clean(state.key)}" as ${id}`);
    }
    if (state.type === 'final') out.push(`${indent}${id} --> [*]`);
    const note = noteOf(state, staysBySource.get(state.id) ?? []);
    if (note.length === 0) return;
    // Mermaid lays notes out well only beside top-level states; inside a box it moves them below the whole chart, so
    // a nested state carries the same lines inside its own box instead.
    if (state.depth === 1 && root.type !== 'parallel') {
      out.push(`${indent}note right of ${id}`, ...note.map((line) => `${indent}  ${line}`), `${indent}end note`);
    } else if (state.childIds.length === 0) {
      for (const line of note.flatMap((text) => wrapped(text, 36))) out.push(`${indent}${id} : ${line}`);
    }
  };

  // Mermaid splits regions (`--`) only inside a box: a parallel machine is drawn as one box.
  if (root.type === 'parallel') writeState(root, '  ');
  else writeChildren(root, '  ');
  for (const transition of arrows) {
    const from =
      anyPoints.has(transition.sourceId) && transition.targetIds.some((t) => isInside(t, transition.sourceId))
        ? anyId(transition.sourceId)
        : chartIdOf(transition.sourceId);
    for (const target of transition.targetIds) out.push(`  ${from} --> ${chartIdOf(target)} : ${clean(transition.label)}`);
  }
  const rootNote = noteOf({ ...root, description: undefined }, staysBySource.get(root.id) ?? []);
  if (rootNote.length > 0 && root.childIds[0]) {
    // The machine itself is not a box: what it handles in every state goes beside its first state.
    out.push(`  note left of ${chartIdOf(root.childIds[0])}`, ...rootNote.map((line) => `    In every state: ${line}`), '  end note');
  }
  const live = (options.live ?? []).filter((id) => id !== root.id && byId.has(id));
  if (live.length > 0) {
    out.push('  classDef live fill:#fde68a,stroke:#b45309,stroke-width:3px,font-weight:bold');
    out.push(`  class ${live.map(chartIdOf).join(',')} live`);
  }
  return `${out.join('\n')}\n`;
}
