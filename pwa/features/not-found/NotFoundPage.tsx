import { NotFoundContent } from '../../components/NotFoundContent.tsx';

export default function NotFoundPage() {
  return <NotFoundContent />;
}
