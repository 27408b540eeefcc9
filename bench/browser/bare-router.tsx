import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

/**
 * The landing benchmark's baseline: React and React Router as their documentation sets them up (a
 * browser router, one route) showing a heading and a paragraph, the least a landing page paints.
 */
function Home() {
  return (
    <main style={{ padding: 32, fontFamily: 'sans-serif' }}>
      <h1>Make old things easier and new things possible</h1>
      <p>A studio for filmmakers and digital artists.</p>
    </main>
  );
}

const router = createBrowserRouter([{ path: '/', Component: Home }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
