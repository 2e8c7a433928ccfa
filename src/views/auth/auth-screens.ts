// The account entry screens, one chunk: one import() in the first load instead of four (lazy-pages.tsx).
export { AuthScreen } from './auth-screen.tsx';
export { GuestRegisterPage } from './guest-register-page.tsx';
export { UpdatePasswordPage } from './update-password-page.tsx';
export { ZipGatePage } from './zip-gate-page.tsx';
