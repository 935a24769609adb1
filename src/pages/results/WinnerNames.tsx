// Who won a result, on one line: 'Won by A', 'Won by A and B', 'Won by A + 2 more' (lots, joint
// awards). Every name is in the line's title (the hover text), so a winner cut short is still
// there to read; common/winners.ts says it the same way in alerts and on the dashboard.
import { WINNERS_SHOWN, winnerList, wonByAll } from "../../../common/winners";
import { NOT_SPECIFIED } from "../../lib/format";

/** The names, each in bold: every one up to WINNERS_SHOWN, else the first and how many more. */
export function WinnerNames({ names }: { names: string[] }) {
  if (!names.length) return <strong>{NOT_SPECIFIED}</strong>;
  if (names.length > WINNERS_SHOWN) {
    return (
      <>
        <strong>{names[0]}</strong> + {names.length - 1} more
      </>
    );
  }
  return (
    <>
      {names.map((n, i) => (
        <span key={i}>
          {i > 0 && " and "}
          <strong>{n}</strong>
        </span>
      ))}
    </>
  );
}

interface WonByProps {
  row: { winner_name: string | null; winner_names?: string[] | null };
  className?: string;
  children?: React.ReactNode;
}

/** 'Won by …' with every winner in the title; children follow on the line (bidders, value). */
export function WonBy({ row, className = "result-winner", children }: WonByProps) {
  const names = winnerList(row.winner_names, row.winner_name);
  return (
    <span className={className} title={wonByAll(names) ?? undefined}>
      Won by <WinnerNames names={names} />
      {children}
    </span>
  );
}
