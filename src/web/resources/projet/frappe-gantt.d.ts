// frappe-gantt ships no types: what the project's gantt uses of it.
declare module 'frappe-gantt' {
  export interface FrappeTask {
    id: string;
    name: string;
    start: string;
    end: string;
    progress?: number;
    dependencies?: string;
    color?: string;
    color_progress?: string;
    custom_class?: string;
  }

  /** A scale of the chart: its step, its columns' width and header texts, its margins before and after. */
  export interface FrappeViewMode {
    name: string;
    step: string;
    padding?: string | [string, string];
    column_width?: number;
    date_format?: string;
    lower_text?: string | ((date: Date, previous: Date | null, language: string) => string);
    upper_text?: string | ((date: Date, previous: Date | null, language: string) => string);
    upper_text_frequency?: number;
    thick_line?: (date: Date) => boolean;
  }

  export interface FrappeOptions {
    view_mode?: string;
    view_modes?: FrappeViewMode[];
    language?: string;
    readonly?: boolean;
    popup?: false;
    today_button?: boolean;
    view_mode_select?: boolean;
    infinite_padding?: boolean;
    scroll_to?: string;
    container_height?: number | 'auto';
    bar_height?: number;
    padding?: number;
    on_click?: (task: FrappeTask) => void;
  }

  export default class Gantt {
    constructor(wrapper: HTMLElement, tasks: FrappeTask[], options?: FrappeOptions);
    change_view_mode(mode?: string, maintainPosition?: boolean): void;
    scroll_current(): void;
    refresh(tasks: FrappeTask[]): void;
  }
}
