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
  /** Compound states drawn as one box here, their inside in a chart of their own (see chartParts). */
  collapsed?: readonly string[];
  /** The compound state whose inside this chart draws (a part), with the states outside it as stubs; the root if none. */
  focus?: string;
  /** How the chart is laid out and how much of each note it shows, chosen by measuring (see ChartStyle). */
  style?: ChartStyle;
}

/**
 * A chart's layout, chosen by `npm run flows` by measuring the drawn chart against the laptop rule: Mermaid's own
 * top-to-bottom layout unless left-to-right fits better (`direction: 'LR'`), and notes with each state's description
 * unless a chart that cannot be split further fits only without them (`notes: 'brief'`: what a state runs and the
 * events it handles in place, no description; `'none'`: no notes at all). The README tables keep every description.
 */
export interface ChartStyle {
  direction?: 'LR';
  notes?: 'brief' | 'none';
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

function noteOf(state: OutlineState, stays: OutlineTransition[], notes: ChartStyle['notes']): string[] {
  const lines: string[] = [];
  if (notes === 'none') return lines;
  if (state.description && notes !== 'brief') lines.push(clean(state.description));
  const runs = state.invokes.map((invoke) => invoke.src);
  if (runs.length > 0) lines.push(`Runs ${runs.join(', ')}`);
  const handled = [...new Set(stays.map((t) => t.label))];
  if (handled.length > 0) lines.push(`Stays on ${handled.join(', ')}`);
  return lines;
}

/** The file name (without extension) of the chart that draws a collapsed state's inside: `kyc.submitting`. */
export function partName(outline: StatechartOutline, stateId: string): string {
  const state = outline.states.find((s) => s.id === stateId);
  return state && state.depth > 0 ? [outline.id, ...state.path].join('.') : outline.id;
}

export interface ChartPart {
  /** File name without extension: the machine's id for its overview, `<id>.<state path>` for a part. */
  name: string;
  /** The state whose inside the chart draws: the machine's root for the overview. */
  focusId: string;
}

/** The compound states of `collapsed` that can be drawn as one box: real compound states below the root. */
export function collapsibleOf(outline: StatechartOutline, collapsed: readonly string[]): string[] {
  const wanted = new Set(collapsed);
  return outline.states.filter((s) => wanted.has(s.id) && s.depth > 0 && s.childIds.length > 0).map((s) => s.id);
}

/** The overview first, then one part per collapsed state, in the machine's order. */
export function chartParts(outline: StatechartOutline, collapsed: readonly string[]): ChartPart[] {
  const root = outline.states[0];
  if (!root) throw new Error(`machine ${outline.id} has no states`);
  return [{ name: outline.id, focusId: root.id }, ...collapsibleOf(outline, collapsed).map((id) => ({ name: partName(outline, id), focusId: id }))];
}

/** Fewer arrows than this from inside one box to the same state outside it are drawn one by one. */
const fanIn = 3;

interface Arrow {
  from: string;
  to: string;
  /** Label lines, each `<where it starts> – <label>` when the arrow stands for states inside its source box. */
  lines: { prefix: string; label: string }[];
}

/** Groups lines by where they start (`uploadingFront – uploadFront done [otherwise], uploadFront failed`), wrapped. */
function arrowLabel(arrow: Arrow, width: number): string {
  const byPrefix = new Map<string, string[]>();
  for (const { prefix, label } of arrow.lines) byPrefix.set(prefix, [...new Set([...(byPrefix.get(prefix) ?? []), label])]);
  const lines = [...byPrefix].flatMap(([prefix, labels]) => wrapped(clean(`${prefix ? `${prefix} – ` : ''}${labels.join(', ')}`), width));
  return lines.join('<br/>');
}

export function mermaidChart(outline: StatechartOutline, options: ChartOptions = {}): string {
  const byId = new Map(outline.states.map((state) => [state.id, state]));
  const root = outline.states[0];
  if (!root) throw new Error(`machine ${outline.id} has no states`);
  const focus = byId.get(options.focus ?? root.id) ?? root;
  const isPart = focus !== root;
  const collapsed = collapsibleOf(outline, options.collapsed ?? []).filter((id) => id !== focus.id && isInside(id, focus.id));
  /** The node a state is drawn as in this chart: itself, the collapsed box it is in, or undefined when outside. */
  const drawnAs = (id: string): string | undefined => (isInside(id, focus.id) ? (collapsed.find((box) => isInside(id, box)) ?? id) : undefined);
  const relative = (id: string, from: OutlineState) => {
    const state = byId.get(id);
    return state ? state.path.slice(from.path.length).join('.') : id;
  };
  const style = options.style ?? {};
  const out: string[] = ['stateDiagram-v2'];
  if (style.direction) out.push(`  direction ${style.direction}`);
  // Left to right, notes and labels lie along the flow: narrower lines keep the chart from growing wide.
  const wide = style.direction === 'LR' ? 30 : 48;
  const narrow = style.direction === 'LR' ? 30 : 36;
  const staysBySource = new Map<string, OutlineTransition[]>();
  const written: OutlineTransition[] = [];
  for (const transition of outline.transitions) {
    if (transition.targetIds.length === 0) staysBySource.set(transition.sourceId, [...(staysBySource.get(transition.sourceId) ?? []), transition]);
    else written.push(transition);
  }
  /** Containers drawn open that need an "(any state)" point: a transition from them into themselves. */
  const anyPoints = new Set(
    written
      .filter(
        (t) =>
          drawnAs(t.sourceId) === t.sourceId && byId.get(t.sourceId)?.childIds.length && t.targetIds.some((target) => isInside(target, t.sourceId)),
      )
      .map((t) => t.sourceId),
  );

  /** States outside this part's box, drawn as dashed stubs named by their path in the machine. */
  const stubs = new Map<string, string>();
  const stubOf = (id: string) => {
    const chartId = `${chartIdOf(id)}__out`;
    if (!stubs.has(id)) {
      const state = byId.get(id);
      const name = !state || state === root ? '(any state)' : isInside(focus.id, id) ? `${state.path.join('.')} (any state)` : state.path.join('.');
      stubs.set(id, chartId);
      out.push(`  state "${clean(name)}" as ${chartId}`);
    }
    return chartId;
  };

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
    const box = collapsed.includes(state.id);
    if (state.childIds.length > 0 && !box) {
      out.push(`${indent}state "${clean(state.key)}" as ${id} {`);
      writeChildren(state, `${indent}  `);
      out.push(`${indent}}`);
    } else {
      out.push(`${indent}state "${clean(box ? `${state.key} ▸` : state.key)}" as ${id}`);
    }
    if (state.type === 'final') out.push(`${indent}${id} --> [*]`);
    const note = noteOf(state, staysBySource.get(state.id) ?? [], style.notes);
    if (box) note.push(`Its ${state.childIds.length} states – chart ${partName(outline, state.id)}`);
    if (note.length === 0) return;
    // Mermaid lays notes out well only beside top-level states; inside a box it moves them below the whole chart, so
    // a nested state carries the same lines inside its own box instead.
    const top = isPart ? state === focus : state.parentId === root.id && root.type !== 'parallel';
    if (top) {
      out.push(
        `${indent}note right of ${id}`,
        ...note.flatMap((text) => wrapped(text, wide)).map((line) => `${indent}  ${line}`),
        `${indent}end note`,
      );
    } else if (state.childIds.length === 0 || box) {
      for (const line of note.flatMap((text) => wrapped(text, narrow))) out.push(`${indent}${id} : ${line}`);
    }
  };

  // Mermaid splits regions (`--`) only inside a box: a parallel machine, and a part, are drawn as one box.
  if (isPart || root.type === 'parallel') writeState(focus, '  ');
  else writeChildren(root, '  ');

  const arrows: Arrow[] = [];
  const arrowTo = (from: string, to: string, line: Arrow['lines'][number]) => {
    const same = arrows.find((a) => a.from === from && a.to === to);
    if (same) same.lines.push(line);
    else arrows.push({ from, to, lines: [line] });
  };
  for (const transition of written) {
    const source = drawnAs(transition.sourceId);
    const sourceState = byId.get(transition.sourceId);
    for (const target of transition.targetIds) {
      const shown = drawnAs(target);
      if (source === undefined && shown === undefined) continue;
      // Inside a collapsed box: its own chart draws it.
      if (source !== undefined && source === shown && source !== transition.sourceId) continue;
      if (source !== undefined && source === shown && collapsed.includes(source)) continue;
      const from =
        source === undefined
          ? stubOf(transition.sourceId)
          : anyPoints.has(transition.sourceId) && isInside(target, transition.sourceId)
            ? anyId(transition.sourceId)
            : chartIdOf(source);
      const to = shown === undefined ? stubOf(target) : chartIdOf(shown);
      const prefix = source !== undefined && source !== transition.sourceId && sourceState ? relative(transition.sourceId, byId.get(source)!) : '';
      // Into a state inside a collapsed box: the label says which.
      const into = shown !== undefined && shown !== target && !isInside(shown, target) ? ` → ${relative(target, byId.get(shown)!)}` : '';
      arrowTo(from, to, { prefix, label: `${transition.label}${into}` });
    }
  }
  // Many states inside one open box going to the same state outside it: one arrow from the box, saying from where.
  const boxes = outline.states.filter((s) => s.depth > 0 && s.childIds.length > 0 && drawnAs(s.id) === s.id).reverse();
  const stateOfChartId = new Map(outline.states.map((s) => [chartIdOf(s.id), s]));
  for (const box of boxes) {
    const boxChartId = chartIdOf(box.id);
    const inside = (chartId: string) => {
      const state = stateOfChartId.get(chartId);
      return state !== undefined && state !== box && isInside(state.id, box.id);
    };
    for (const to of [...new Set(arrows.map((a) => a.to))]) {
      const target = stateOfChartId.get(to);
      if (target && isInside(target.id, box.id)) continue;
      const fanning = arrows.filter((a) => a.to === to && inside(a.from));
      if (fanning.length < fanIn) continue;
      const lines = fanning.flatMap((a) => {
        const where = relative(stateOfChartId.get(a.from)!.id, box);
        return a.lines.map((line) => ({ prefix: line.prefix ? `${where}.${line.prefix}` : where, label: line.label }));
      });
      const first = arrows.indexOf(fanning[0]!);
      for (const a of fanning) arrows.splice(arrows.indexOf(a), 1);
      const same = arrows.find((a) => a.from === boxChartId && a.to === to);
      if (same) same.lines.push(...lines);
      else arrows.splice(first, 0, { from: boxChartId, to, lines });
    }
  }
  for (const arrow of arrows) out.push(`  ${arrow.from} --> ${arrow.to} : ${arrowLabel(arrow, wide)}`);

  const rootNote = noteOf({ ...root, description: undefined }, staysBySource.get(root.id) ?? [], style.notes);
  if (!isPart && rootNote.length > 0 && root.childIds[0]) {
    // The machine itself is not a box: what it handles in every state goes beside its first state.
    out.push(`  note left of ${chartIdOf(root.childIds[0])}`, ...rootNote.map((line) => `    In every state: ${line}`), '  end note');
  }
  // Only the boxes drawn here: a class on a state not drawn would make Mermaid draw it, bare.
  const boxesDrawn = collapsed.filter((id) => drawnAs(id) === id);
  if (boxesDrawn.length > 0) {
    out.push('  classDef part fill:#e0f2fe,stroke:#0369a1,stroke-width:2px');
    out.push(`  class ${boxesDrawn.map(chartIdOf).join(',')} part`);
  }
  if (stubs.size > 0) {
    out.push('  classDef outside fill:#f4f4f5,stroke:#71717a,stroke-dasharray:4 3,font-style:italic');
    out.push(`  class ${[...stubs.values()].join(',')} outside`);
  }
  const live = (options.live ?? []).filter((id) => id !== root.id && byId.has(id) && drawnAs(id) === id);
  if (live.length > 0) {
    out.push('  classDef live fill:#fde68a,stroke:#b45309,stroke-width:3px,font-weight:bold');
    out.push(`  class ${live.map(chartIdOf).join(',')} live`);
  }
  return `${out.join('\n')}\n`;
}
