// The identity screens, which share the camera and the photo picker: one chunk, one import() (lazy-pages.tsx).
export { KycPage } from './kyc-page.tsx';
export { VerifyFacePage } from './verify-face-page.tsx';
