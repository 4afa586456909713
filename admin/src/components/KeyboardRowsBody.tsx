import type { KeyboardEvent } from 'react';
import {
  DataTableBody,
  type DataTableBodyProps,
  DataTableRow,
  type DataTableRowProps,
} from 'react-admin';

/** A row that Enter opens as a click does: DataTable's rowClick is otherwise mouse-only. */
function KeyboardRow(props: DataTableRowProps) {
  const openOnEnter = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) event.currentTarget.click();
  };
  return <DataTableRow {...props} tabIndex={0} onKeyDown={openOnEnter} />;
}

/** The body of a DataTable whose rows open a record (rowClick), reachable from the keyboard. */
export function KeyboardRowsBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={KeyboardRow} />;
}
