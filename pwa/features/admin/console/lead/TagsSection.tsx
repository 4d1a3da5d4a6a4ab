// The lead's tags in its panel: each one a chip (a rule's "College fair", a bulk change's
// "Webinar 12 Dec"), removable by a member who works leads, and a field to add one, offering
// the list's tags in use so the same tag is not typed three ways. Tags are how a counsellor
// groups leads across a list; the list's Tag filter finds them again.
import { useId, useState, type FormEvent } from 'react';
import { TAG_MAX, TAG_MESSAGE, TAG_PATTERN } from '../../../../../contract/tags.ts';
import type { ListSlug } from '../../../../../contract/lead-kinds.ts';
import { useTagsInUse } from '../common/use-tags-in-use.ts';

interface Props {
  slug: ListSlug;
  tags: string[];
  /** Whether the member may change them (viewers read). */
  editable: boolean;
  /** Gives or takes back a tag; resolves whether it was saved (an error is shown by the caller). */
  onChange(change: { tag: string } | { untag: string }): Promise<boolean>;
}

function AddTag({ slug, tags, onAdd }: { slug: ListSlug; tags: string[]; onAdd(tag: string): Promise<boolean> }) {
  const id = useId();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [known] = useTagsInUse(slug);
  const offered = known.map((t) => t.tag).filter((t) => !tags.includes(t));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const tag = text.trim();
    if (!TAG_PATTERN.test(tag)) {
      setError(TAG_MESSAGE);
      return;
    }
    setError(null);
    setSaving(true);
    if (await onAdd(tag)) setText('');
    setSaving(false);
  };
  return (
    <form className="lead-tags__add" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>Add a tag</label>
      <input
        id={id}
        type="text"
        list={`${id}-known`}
        value={text}
        maxLength={TAG_MAX}
        autoComplete="off"
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <datalist id={`${id}-known`}>
        {offered.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <button type="submit" className="btn btn--small" disabled={saving || !text.trim()}>
        {saving ? 'Adding…' : 'Add tag'}
      </button>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function TagsSection({ slug, tags, editable, onChange }: Props) {
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = async (tag: string) => {
    setRemoving(tag);
    await onChange({ untag: tag });
    setRemoving(null);
  };
  return (
    <section className="lead-tags" aria-labelledby="lead-tags-title">
      <h3 id="lead-tags-title">Tags</h3>
      {tags.length === 0 ? (
        <p className="muted">No tags yet.</p>
      ) : (
        <ul className="lead-tags__list" aria-label="This lead's tags">
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              {editable && (
                <button
                  type="button"
                  className="tag-chip__remove"
                  aria-label={`Remove the tag ${tag}`}
                  disabled={removing === tag}
                  onClick={() => void remove(tag)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && <AddTag slug={slug} tags={tags} onAdd={(tag) => onChange({ tag })} />}
    </section>
  );
}
