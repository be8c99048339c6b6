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
    custom_class?: string;
  }

  export interface FrappeOptions {
    view_mode?: string;
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
