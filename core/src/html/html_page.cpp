#include "html/html_page.h"

#include "html/html_text.h"

namespace rb::html {
namespace {

constexpr const char* kStyle = R"css(
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg-alt: #f6f8fa;
        --slower: #cf222e; --faster: #1a7f37; --same: #59636e; --inconclusive: #9a6700; }
* { box-sizing: border-box; }
body { font: 14px/1.45 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
       color: var(--fg); margin: 0; padding: 24px 32px 48px; max-width: 1280px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 36px 0 8px; padding-top: 12px; border-top: 2px solid var(--line); }
h3 { font-size: 15px; margin: 22px 0 8px; }
p, li { margin: 4px 0; }
.muted { color: var(--muted); }
code, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
table { border-collapse: collapse; margin: 6px 0 14px; font-size: 13px; }
th, td { border: 1px solid var(--line); padding: 4px 9px; text-align: left; vertical-align: top; }
th { background: var(--bg-alt); font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr:nth-child(even) td { background: #fbfcfd; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px;
         font-weight: 600; color: #fff; white-space: nowrap; }
.badge.slower, .badge.regression, .badge.broken { background: var(--slower); }
.badge.faster, .badge.ok { background: var(--faster); }
.badge.same, .badge.none { background: var(--same); }
.badge.inconclusive { background: var(--inconclusive); }
td.verdict-slower { color: var(--slower); font-weight: 600; }
td.verdict-faster { color: var(--faster); font-weight: 600; }
td.verdict-inconclusive { color: var(--inconclusive); }
td.verdict-same { color: var(--same); }
.summary { display: flex; flex-wrap: wrap; gap: 10px; margin: 14px 0; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 10px 14px; min-width: 240px; }
.card a { color: inherit; text-decoration: none; font-weight: 600; }
.plots { display: flex; flex-wrap: wrap; gap: 16px; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 6px; padding: 8px; background: #fff; }
figure img { display: block; max-width: 100%; height: auto; }
figure.history { width: 520px; }
tr.group td { background: #fafafa; }
figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; }
.note { background: #fff8c5; border: 1px solid #eac54f; border-radius: 6px; padding: 6px 10px; margin: 8px 0; }
details { margin: 8px 0; }
summary { cursor: pointer; font-weight: 600; }
)css";

}  // namespace

std::string html_page(const std::string& title, const std::string& body) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>" + escape(title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  out += body;
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace rb::html
