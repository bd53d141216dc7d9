export function Avatar({
  name,
  photo,
  className = "size-8",
}: {
  name: string;
  photo: string | null;
  className?: string;
}) {
  if (photo) return <img src={photo} alt="" className={`${className} shrink-0 rounded-full object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-700`}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
