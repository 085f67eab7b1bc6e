/**
 * The image-text editor of the creation centre (Tiptap: StarterKit with links, plus images).
 * Loaded on demand (React.lazy) after the page has hydrated, so no other page and not even the
 * creation centre's first load carries ProseMirror. Pictures go up through /api/upload/image and
 * are inserted as <img src="/media/…">; the media service sanitises the HTML on publish.
 */
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState, type ReactNode } from 'react';
import { useT } from '../../lib/use-t';
import classes from './RichEditor.module.css';

export interface RichEditorProps {
  initial: string;
  onChange: (html: string) => void;
  /** Uploads a picture and answers its address (or null when refused: the caller says why). */
  uploadImage: (file: File) => Promise<string | null>;
  labelId: string;
  describedBy: string;
  invalid: boolean;
}

export default function RichEditor({ initial, onChange, uploadImage, labelId, describedBy, invalid }: RichEditorProps) {
  const t = useT();
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initial || '',
    editorProps: {
      attributes: {
        class: classes.content!,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
        'data-testid': 'rich-editor',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <div className={classes.frame} data-invalid={invalid ? '' : undefined} data-ready={editor ? '' : undefined}>
      {editor && <Toolbar editor={editor} uploadImage={uploadImage} />}
      <EditorContent editor={editor} />
      {!editor && <div className={classes.content}>{t('creation.editor.loading')}</div>}
    </div>
  );
}

function Toolbar({ editor, uploadImage }: { editor: Editor; uploadImage: RichEditorProps['uploadImage'] }) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  function setLink() {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const url = window.prompt(t('creation.editor.linkPrompt'), previous || 'https://');
    if (url === null) return;
    if (url.trim() === '' || url.trim() === 'https://') editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const src = await uploadImage(file);
      if (src) editor.chain().focus().setImage({ src, alt: '' }).run();
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const chain = () => editor.chain().focus();
  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t('creation.editor.toolbar')}>
      <Tool label={t('creation.editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </Tool>
      <Tool label={t('creation.editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </Tool>
      <Tool label={t('creation.editor.underline')} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <u>U</u>
      </Tool>
      <span className={classes.separator} />
      <Tool label={t('creation.editor.heading')} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label={t('creation.editor.subheading')} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Tool label={t('creation.editor.bulletList')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        ••
      </Tool>
      <Tool label={t('creation.editor.orderedList')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        1.
      </Tool>
      <Tool label={t('creation.editor.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        “”
      </Tool>
      <span className={classes.separator} />
      <Tool label={t('creation.editor.link')} active={state.link} onClick={setLink}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
          <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
        </svg>
      </Tool>
      <Tool label={t('creation.editor.image')} disabled={uploading} onClick={() => fileInput.current?.click()} testId="editor-image">
        {uploading ? (
          '…'
        ) : (
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 16-5-5-9 9" />
          </svg>
        )}
      </Tool>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(e) => void onFile(e.currentTarget.files?.[0])}
        data-testid="editor-image-input"
      />
      <span className={classes.separator} />
      <Tool label={t('creation.editor.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        ↶
      </Tool>
      <Tool label={t('creation.editor.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        ↷
      </Tool>
      {uploading && (
        <span className={classes.status} role="status">
          {t('creation.editor.uploading')}
        </span>
      )}
    </div>
  );
}

function Tool({
  label,
  active,
  disabled,
  onClick,
  children,
  testId,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={classes.tool}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      data-testid={testId}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
