// Available in every runtime this package targets (browsers and Node ≥ 16) but in no shared lib file.
declare function btoa(data: string): string;
declare function atob(data: string): string;
