import { createBrowserRouter, RouterProvider } from "react-router";

const router = createBrowserRouter([
  { path: "/", element: <h1>Marketplace</h1> },
  { path: "*", element: <h1>Page Not Found</h1> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
