// The door of the area kept in step, loaded by main.tsx after the first render: its cookie copy (decision 066) and
// the restaurant choice the server refused.
export { mirrorAreaCookie } from './area-cookie-mirror.ts';
export { forgetRefusedVisit } from './refused-visit.ts';
export { keepInStep } from './keep-in-step.ts';
