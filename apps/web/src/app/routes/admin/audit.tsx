import { AuditLog } from "../../../features/admin-marketplace/index.ts";

export const handle = { title: "admin_marketplace.audit_title" };

export function Component() {
  return <AuditLog />;
}
