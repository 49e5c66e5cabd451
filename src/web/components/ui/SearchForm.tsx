import { type FormEvent, useState } from "react";
import { inputClass } from "../form/form-fields";
import { Button } from "./Button";

/** A search box and its button; the search runs when submitted (Enter or the button). */
export function SearchForm({ label, initial, onSearch }: { label: string; initial: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="flex-1">
      <form onSubmit={submit} className="flex items-end gap-2">
        <label className="flex-1 font-medium">
          {label}
          <input type="search" className={inputClass} value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
    </search>
  );
}
