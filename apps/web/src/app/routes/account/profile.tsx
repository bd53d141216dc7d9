import { useTranslation } from "react-i18next";
import { DeleteAccount, ProfileForm, useProfile } from "../../../features/auth/index.ts";
import { PageTitle } from "../../../ui/page-title.tsx";
import { Skeleton } from "../../../ui/skeleton.tsx";

export const handle = { title: "account.my_profile" };

export function Component() {
  const { t } = useTranslation();
  const { data: user, isError } = useProfile();
  return (
    <>
      <PageTitle>{t(handle.title)}</PageTitle>
      {user ? (
        <>
          <ProfileForm key={user.id} user={user} />
          {user.is_guest ? null : <DeleteAccount />}
        </>
      ) : isError ? (
        <p className="text-sm text-red-600">{t("common.something_went_wrong")}</p>
      ) : (
        <Skeleton className="h-80 rounded-2xl" />
      )}
    </>
  );
}
