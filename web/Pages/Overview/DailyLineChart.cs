using System.Globalization;
using System.Xml.Linq;
using Microsoft.AspNetCore.Html;

namespace Prison.Web.Pages.Overview;

/// <summary>
/// A figure day by day as an SVG line drawn on the server, for inline use in a page: no script, and no style attribute
/// (the pages' Content-Security-Policy allows neither inline); its look comes from the site's classes (day-chart...).
/// It is an image to assistive technology (role="img") named by its title and described by its description; the page
/// gives the figures as a table beside it. Days without a figure (not kept) break the line. Built with
/// System.Xml.Linq, so every text is escaped as XML.
/// </summary>
public static class DailyLineChart
{
    public const int Width = 600;

    public const int Height = 160;

    // Room for the figures at the left and the days under the line.
    private const int Left = 44;
    private const int Right = 8;
    private const int Top = 10;
    private const int Bottom = 26;

    private static readonly XNamespace Svg = "http://www.w3.org/2000/svg";

    /// <summary>The chart's SVG element; <paramref name="id"/> makes its title's and description's ids unique on the page.</summary>
    public static XElement Draw(string id, string title, string description, IReadOnlyList<(DateOnly Day, int? Figure)> days)
    {
        var known = days.Where(d => d.Figure is not null).Select(d => d.Figure!.Value).ToList();
        var top = Math.Max(1, known.Count == 0 ? 1 : known.Max());
        var svg = new XElement(Svg + "svg",
            new XAttribute("class", "day-chart"),
            new XAttribute("viewBox", $"0 0 {Width} {Height}"),
            new XAttribute("role", "img"),
            new XAttribute("aria-labelledby", $"{id}-title {id}-desc"),
            new XAttribute("focusable", "false"),
            new XElement(Svg + "title", new XAttribute("id", $"{id}-title"), title),
            new XElement(Svg + "desc", new XAttribute("id", $"{id}-desc"), description),
            Line("day-chart-axis", Left, Top, Left, Height - Bottom),
            Line("day-chart-axis", Left, Height - Bottom, Width - Right, Height - Bottom),
            Label(Left - 6, Top + 4, "end", top.ToString(CultureInfo.InvariantCulture)),
            Label(Left - 6, Height - Bottom + 4, "end", "0"));
        if (days.Count > 0)
        {
            svg.Add(
                Label(Left, Height - 8, "start", days[0].Day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)),
                Label(Width - Right, Height - 8, "end", days[^1].Day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)));
        }

        foreach (var run in Runs(days))
        {
            var points = run.Select(i => (X: X(i, days.Count), Y: Y(days[i].Figure!.Value, top))).ToList();
            svg.Add(points.Count == 1
                ? new XElement(Svg + "circle", new XAttribute("class", "day-chart-point"), new XAttribute("cx", Number(points[0].X)), new XAttribute("cy", Number(points[0].Y)), new XAttribute("r", "2.5"))
                : new XElement(Svg + "polyline", new XAttribute("class", "day-chart-line"), new XAttribute("points", string.Join(' ', points.Select(p => $"{Number(p.X)},{Number(p.Y)}")))));
        }

        return svg;
    }

    /// <summary>The chart as markup for a Razor page.</summary>
    public static IHtmlContent Html(string id, string title, string description, IReadOnlyList<(DateOnly Day, int? Figure)> days) =>
        new HtmlString(Draw(id, title, description, days).ToString(SaveOptions.DisableFormatting));

    /// <summary>The indexes of each run of consecutive days that have a figure.</summary>
    private static IEnumerable<List<int>> Runs(IReadOnlyList<(DateOnly Day, int? Figure)> days)
    {
        var run = new List<int>();
        for (var i = 0; i < days.Count; i++)
        {
            if (days[i].Figure is null)
            {
                if (run.Count > 0)
                {
                    yield return run;
                    run = [];
                }

                continue;
            }

            run.Add(i);
        }

        if (run.Count > 0)
        {
            yield return run;
        }
    }

    private static double X(int index, int count) =>
        count == 1 ? Left + (Width - Left - Right) / 2.0 : Left + index * (Width - Left - Right) / (double)(count - 1);

    private static double Y(int figure, int top) => Height - Bottom - figure * (Height - Top - Bottom) / (double)top;

    private static string Number(double value) => Math.Round(value, 1).ToString("0.#", CultureInfo.InvariantCulture);

    private static XElement Line(string cssClass, double x1, double y1, double x2, double y2) =>
        new(Svg + "line", new XAttribute("class", cssClass),
            new XAttribute("x1", Number(x1)), new XAttribute("y1", Number(y1)), new XAttribute("x2", Number(x2)), new XAttribute("y2", Number(y2)));

    private static XElement Label(double x, double y, string anchor, string text) =>
        new(Svg + "text", new XAttribute("class", "day-chart-label"), new XAttribute("x", Number(x)), new XAttribute("y", Number(y)), new XAttribute("text-anchor", anchor), text);
}
