// A report's chart with its two companions: a toggle that swaps the chart for a table of the
// same numbers (the screen reader's way to them: the chart itself is one image with a
// one-line summary), and a CSV download of that table, made in the browser from the figures
// on screen, so the file and the page never disagree.
import { useId, useState, type ReactNode } from 'react';
import { toCsv } from '../../../../../contract/reports.ts';
import { saveBlob } from '../common/download.ts';

export interface ReportTable {
  header: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>;
}

function saveCsv(table: ReportTable, fileName: string): void {
  saveBlob(new Blob([toCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}

export function ChartFrame(props: {
  title: string;
  /** What the chart shows, in a sentence (the image's description). */
  summary: string;
  chart: ReactNode;
  table: ReportTable;
  fileName: string;
  /** Beside the title: a legend, say. */
  extra?: ReactNode;
}) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <section aria-labelledby={`${id}-title`} className="console-chart report-chart">
      <div className="report-chart__head">
        <h2 id={`${id}-title`}>{props.title}</h2>
        <div className="report-chart__tools">
          <button type="button" className="btn btn--small" aria-pressed={asTable} onClick={() => setAsTable((t) => !t)}>
            Show as table
          </button>
          <button type="button" className="btn btn--small" onClick={() => saveCsv(props.table, props.fileName)}>
            Download CSV<span className="visually-hidden"> of {props.title}</span>
          </button>
        </div>
      </div>
      {asTable ? (
        <div className="console-table-wrap report-chart__table">
          <table className="console-table console-table--compact">
            <caption className="visually-hidden">{props.title}</caption>
            <thead>
              <tr>
                {props.table.header.map((h, i) => (
                  <th scope="col" key={h} className={i > 0 ? 'is-number' : undefined}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th scope="row" key={i}>
                        {cell ?? '—'}
                      </th>
                    ) : (
                      <td key={i} className="is-number">
                        {cell ?? '—'}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <figure className="report-chart__figure">
          {props.extra}
          <div role="img" aria-label={`${props.title}. ${props.summary} Use Show as table for every number.`}>
            {props.chart}
          </div>
        </figure>
      )}
    </section>
  );
}
