import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = {
  url: string;
  target?: string | null;
  isExternal?: boolean;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
};

const externalUrl = /^(https?:)?\/\//i;

/** An admin-configured link: an internal route as a router Link, anything else as `<a>` with its target. */
export function MenuLink({ url, target, isExternal, className, children, onClick }: Props) {
  const external = isExternal ?? externalUrl.test(url);
  if (!external) {
    return (
      <Link to={url.startsWith("/") ? url : `/${url}`} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  const t = target || "_self";
  return (
    <a
      href={url}
      target={t}
      rel={t === "_blank" ? "noopener noreferrer" : undefined}
      className={className}
      onClick={onClick}
    >
      {children}
    </a>
  );
}
