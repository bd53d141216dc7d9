import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { queryClient } from "./app/query-client.ts";
import { bootLocale } from "./features/i18n/boot.ts";
import "./index.css";

void bootLocale(queryClient).finally(() => {
  createRoot(document.getElementById("root") as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
