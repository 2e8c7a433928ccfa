// us-atlas ships its TopoJSON without types: the states, pre-projected to Albers USA at 975 × 610.
declare module 'us-atlas/states-albers-10m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
