import { NotYetOpen } from '../../components/NotYetOpen.tsx';

/** /request: login by e-mail, account, phone or messenger (a later issue). */
export function LoginPage() {
  return <NotYetOpen feature="login" />;
}

/** /register: registration by e-mail (a later issue). */
export function RegisterPage() {
  return <NotYetOpen feature="register" />;
}
