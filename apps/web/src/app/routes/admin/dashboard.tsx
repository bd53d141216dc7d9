import { useTranslation } from "react-i18next";
import { AdminDashboard } from "../../../features/admin-marketplace/index.ts";

export const handle = { title: "staff.dashboard" };

export function Component() {
  const { t } = useTranslation();
  return <AdminDashboard title={t(handle.title)} />;
}
