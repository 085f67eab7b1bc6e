import { redirect } from 'react-router';

/** Spec §2: any unknown route redirects to /404. */
export function loader() {
  throw redirect('/404');
}

export default function Splat() {
  return null;
}
