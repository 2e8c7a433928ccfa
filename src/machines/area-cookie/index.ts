// The door of the area's cookie copy (decision 066), loaded by main.tsx after the first render.
export { mirrorAreaCookie } from './area-cookie-mirror.ts';
