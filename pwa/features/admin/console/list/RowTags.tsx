// A lead's tags under its name in a list row (or card at 390 px): what a rule or a bulk
// change gave it, seen without opening the lead. The first few are shown, and how many more.
const SHOWN = 3;

export function RowTags({ tags }: { tags: unknown }) {
  if (!Array.isArray(tags) || tags.length === 0) return null;
  const all = tags.filter((t): t is string => typeof t === 'string');
  const more = all.length - SHOWN;
  return (
    <ul className="row-tags" aria-label="Tags">
      {all.slice(0, SHOWN).map((tag) => (
        <li key={tag} className="tag-chip" title={tag}>
          {tag}
        </li>
      ))}
      {more > 0 && (
        <li className="row-tags__more" title={all.slice(SHOWN).join(', ')}>
          +{more}
          <span className="visually-hidden"> more: {all.slice(SHOWN).join(', ')}</span>
        </li>
      )}
    </ul>
  );
}
