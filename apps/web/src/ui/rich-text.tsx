import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "./fields.tsx";
import { NameFirst } from "./name-first.tsx";

type Props = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** the text's direction: a translation's language decides it, not the page's */
  dir?: "ltr" | "rtl" | undefined;
  error?: string | undefined;
};

// The marks and blocks the toolbar offers; the server sanitises the HTML to these when saving.
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
  }),
];

const CONTENT_CLASS =
  "min-h-36 px-3 py-2.5 text-sm text-slate-900 outline-none [&_a]:text-primary-700 [&_a]:underline [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-5 [&_p]:my-1 [&_ul]:list-disc [&_ul]:ps-5";

/** A rich-text field (TipTap): bold, italic, headings, lists and links; its value is HTML ("" when empty). */
export function RichTextField({ label, value, onChange, dir, error }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: CONTENT_CLASS,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        // Without a language's direction, the text's own: a default-language (English) description
        // on an Arabic page reads left to right.
        dir: dir ?? "auto",
        ...(error ? { "aria-invalid": "true" } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  // A value set from outside (the product loaded, the form reset) replaces the editor's text.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || "", { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            link: e.isActive("link"),
          }
        : null,
  });

  const setLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "https://";
    const url = window.prompt(t("common.editor_link_prompt"), previous);
    if (url === null) return;
    const chain = editor.chain().focus().extendMarkRange("link");
    if (url.trim() === "" || url.trim() === "https://") chain.unsetLink().run();
    else chain.setLink({ href: url.trim() }).run();
  };

  const tools = [
    {
      key: "bold",
      label: "common.editor_bold",
      text: "B",
      on: active?.bold,
      run: () => editor?.chain().focus().toggleBold().run(),
    },
    {
      key: "italic",
      label: "common.editor_italic",
      text: "I",
      on: active?.italic,
      run: () => editor?.chain().focus().toggleItalic().run(),
    },
    {
      key: "h2",
      label: "common.editor_heading",
      text: "H2",
      on: active?.h2,
      run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: "common.editor_subheading",
      text: "H3",
      on: active?.h3,
      run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "ul",
      label: "common.editor_bullet_list",
      text: "•",
      on: active?.bullet,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      key: "ol",
      label: "common.editor_numbered_list",
      text: "1.",
      on: active?.ordered,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
    { key: "link", label: "common.editor_link", text: <LinkIcon />, on: active?.link, run: setLink },
  ] as const;

  return (
    <div>
      <span id={labelId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div
        className={`overflow-hidden rounded-lg border bg-white focus-within:border-primary-500 focus-within:ring-2 focus-within:ring-primary-200 ${error ? "border-red-500" : "border-slate-300"}`}
      >
        <div
          role="toolbar"
          aria-label={t("common.editor_formatting")}
          className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1"
        >
          {tools.map((tool) => (
            <button
              key={tool.key}
              type="button"
              onClick={tool.run}
              title={t(tool.label)}
              aria-pressed={tool.on ?? false}
              disabled={!editor}
              className={`inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-semibold ${tool.key === "italic" ? "italic" : ""} ${tool.on ? "bg-primary-100 text-primary-800" : "text-slate-700 hover:bg-slate-200"}`}
            >
              <NameFirst label={t(tool.label)} />
              <span dir="ltr">{tool.text}</span>
            </button>
          ))}
        </div>
        <EditorContent editor={editor} />
      </div>
      <FieldError message={error} />
    </div>
  );
}

function LinkIcon(): ReactNode {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      className="size-4"
    >
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </svg>
  );
}
