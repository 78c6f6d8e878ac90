/**
 * The records of a CSV text as the exports write it (RFC 4180: quoted fields that may hold commas, doubled quotes and
 * line breaks; CRLF between records). What the API's and the browser's tests read a downloaded file with.
 */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index++;
    } else field += char;
  }
  // A last record without its line break.
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}
