import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { catalogueOf } from './flows/machine-catalogue.ts';
import { mermaidChart } from './flows/mermaid-chart.ts';
import { outlineOf } from './flows/statechart-outline.ts';
import * as css from './flows-page.css.ts';
import { liveActors, subscribeLiveActors, type LiveActor } from './live-actors.ts';

/**
 * /flows, in development builds only (docs/decisions/019): every machine of src/machines with its chart, drawn by
 * Mermaid in the page from the machine as it is now, its states with their descriptions, and the states the running
 * actors are in highlighted — this tab's and those of other tabs of the store (open the store beside it and watch).
 */
const globbed = import.meta.glob<Record<string, unknown>>('../machines/**/*.machine.ts', { eager: true });
const machines = catalogueOf(Object.fromEntries(Object.entries(globbed).map(([file, exports]) => [file.replace(/^\.\.\//, 'src/'), exports])));

function useLiveActors(): LiveActor[] {
  return useSyncExternalStore(subscribeLiveActors, liveActors);
}

/** Renders Mermaid source to SVG markup; Mermaid itself is loaded on the first chart. */
function useSvg(id: string, source: string): string | undefined {
  const [svg, setSvg] = useState<{ source: string; svg: string }>();
  useEffect(() => {
    let current = true;
    void import('mermaid').then(async ({ default: mermaid }) => {
      mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
      const { svg: markup } = await mermaid.render(`flows-page-${id}`, source);
      if (current) setSvg({ source, svg: markup });
    });
    return () => {
      current = false;
    };
  }, [id, source]);
  return svg?.source === source ? svg.svg : svg?.svg;
}

function Chart({ id, source }: { id: string; source: string }) {
  const svg = useSvg(id, source);
  if (!svg) return <p role="status">Drawing the chart…</p>;
  // Mermaid's own SVG of our own chart (securityLevel strict), rendered in development only.
  return <div className={css.chart} data-testid="flow-chart" dangerouslySetInnerHTML={{ __html: svg }} />;
}

export function FlowsPage() {
  const [params] = useSearchParams();
  const actors = useLiveActors();
  const liveByMachine = useMemo(() => {
    const map = new Map<string, LiveActor[]>();
    for (const actor of actors) map.set(actor.machineId, [...(map.get(actor.machineId) ?? []), actor]);
    return map;
  }, [actors]);
  const selectedId = params.get('machine') ?? machines[0]?.id;
  const selected = machines.find((m) => m.id === selectedId) ?? machines[0];
  const outline = useMemo(() => (selected ? outlineOf(selected.machine) : undefined), [selected]);
  const running = selected ? (liveByMachine.get(selected.id) ?? []) : [];
  const liveStates = new Set(running.flatMap((actor) => actor.stateIds));
  const source = outline ? mermaidChart(outline, { live: [...liveStates].sort() }) : '';

  return (
    <div className={css.page}>
      <nav className={css.nav} aria-label="Flows">
        <h1>Flows</h1>
        <p className={css.muted}>Development build only. Add ?inspect to any page for the Stately inspector.</p>
        <ul className={css.navList}>
          {machines.map((m) => (
            <li key={m.id}>
              <Link className={css.navLink} to={`/flows?machine=${m.id}`} aria-current={m.id === selected?.id ? 'page' : undefined}>
                {m.id}
                {liveByMachine.has(m.id) && <span className={css.liveBadge}>{liveByMachine.get(m.id)?.length} live</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {selected && outline && (
        <main className={css.main}>
          <h2>{selected.id}</h2>
          <p>{outline.description ?? 'No description on the machine yet.'}</p>
          <p className={css.muted}>
            {selected.file} · {running.length === 0 ? 'no actor of it is running' : running.map((a) => `running on ${a.path} (${a.tab})`).join(', ')}
          </p>
          <Chart id={selected.id} source={source} />
          <table className={css.table}>
            <thead>
              <tr>
                <th className={css.cell}>State</th>
                <th className={css.cell}>Description</th>
              </tr>
            </thead>
            <tbody>
              {outline.states.slice(1).map((state) => (
                <tr key={state.id} className={liveStates.has(state.id) ? css.liveRow : undefined} data-live={liveStates.has(state.id) || undefined}>
                  <td className={css.cell}>{state.path.join('.')}</td>
                  <td className={css.cell}>{state.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </main>
      )}
    </div>
  );
}
