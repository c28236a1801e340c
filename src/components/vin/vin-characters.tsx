import { VIN_LENGTH } from '@/lib/vin/validate';

/** At most this many characters are drawn; longer input is explained by its length alone. */
const MAX_DRAWN = 40;
const SECTIONS = [
  { key: 'sectionWmi', from: 0, to: 3 },
  { key: 'sectionVds', from: 3, to: 9 },
  { key: 'sectionVis', from: 9, to: VIN_LENGTH },
] as const;

interface Props {
  /** The characters as read (separators dropped, Latin upper-cased). */
  text: string;
  /** Positions (from 1) to mark: a character that cannot be there, a wrong check digit. */
  marked: readonly number[];
  /** Section names when the text is a whole VIN (`VinCheck.section*`). */
  sectionLabels?: Record<(typeof SECTIONS)[number]['key'], string>;
}

/**
 * The VIN drawn character by character with its positions, the marked ones in red, grouped into
 * WMI, VDS and VIS when it is whole. A picture of what the text rows say (hidden from screen
 * readers, which read those rows and the issues).
 */
export function VinCharacters({ text, marked, sectionLabels }: Props) {
  const chars = Array.from(text).slice(0, MAX_DRAWN);
  if (!chars.length) return null;
  const groups = sectionLabels && chars.length === VIN_LENGTH ? SECTIONS.map((section) => ({ label: sectionLabels[section.key], from: section.from, to: section.to })) : [{ label: '', from: 0, to: chars.length }];
  return (
    <div aria-hidden="true" className="mt-4 flex flex-wrap gap-x-4 gap-y-3">
      {groups.map((group) => (
        <div key={group.from}>
          {group.label ? <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{group.label}</p> : null}
          <div className="flex flex-wrap gap-1">
            {chars.slice(group.from, group.to).map((char, index) => {
              const position = group.from + index + 1;
              const bad = marked.includes(position);
              return (
                <span
                  key={position}
                  className={`flex w-7 flex-col items-center rounded-md py-0.5 ring-1 ${bad ? 'bg-red-100 text-red-900 ring-red-400' : 'bg-white text-ink ring-slate-200'}`}
                >
                  <span className="font-mono text-lg leading-6 font-semibold">{char}</span>
                  <span className="text-[0.65rem] leading-3 text-muted tabular-nums">{position}</span>
                </span>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
