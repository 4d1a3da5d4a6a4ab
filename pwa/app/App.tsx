import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/HomePage.tsx';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<HomePage />} />
      </Routes>
    </BrowserRouter>
  );
}
