using System.Xml.Linq;
using Prison.Web.Pages;
using Prison.Web.Pages.Overview;

namespace Prison.Web.Tests.Pages.Overview;

/// <summary>The overview's server-drawn chart: an image with a name and a description, styled by classes only.</summary>
public sealed class DailyLineChartTests
{
    private static readonly XNamespace Svg = "http://www.w3.org/2000/svg";

    private static readonly DateOnly First = new(2026, 11, 20);

    [Fact]
    public void A_chart_is_an_image_named_by_its_title_and_described_by_its_description()
    {
        var chart = DailyLineChart.Draw("c1", "Dangerous at <P1> & co", "From a to b", Days(3, 4, 5));

        Assert.Equal("img", (string?)chart.Attribute("role"));
        Assert.Equal("c1-title c1-desc", (string?)chart.Attribute("aria-labelledby"));
        Assert.Equal("Dangerous at <P1> & co", chart.Element(Svg + "title")!.Value);
        Assert.Equal("c1-title", (string?)chart.Element(Svg + "title")!.Attribute("id"));
        Assert.Equal("c1-desc", (string?)chart.Element(Svg + "desc")!.Attribute("id"));
        Assert.Contains("Dangerous at &lt;P1&gt; &amp; co", DailyLineChart.Html("c1", "Dangerous at <P1> & co", "d", Days(1)).ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public void A_chart_has_no_style_attribute_nor_script_so_the_pages_policy_lets_it_show()
    {
        var chart = DailyLineChart.Draw("c1", "t", "d", Days(3, null, 5, 6));

        Assert.Empty(chart.DescendantsAndSelf().Attributes("style"));
        Assert.Empty(chart.DescendantsAndSelf(Svg + "script"));
        Assert.Empty(chart.DescendantsAndSelf(Svg + "style"));
        Assert.All(chart.DescendantsAndSelf().Where(e => e.Name.LocalName is "polyline" or "line" or "circle" or "text"), e => Assert.NotNull(e.Attribute("class")));
    }

    [Fact]
    public void The_line_goes_through_each_day_from_left_to_right_the_highest_figure_at_the_top()
    {
        var chart = DailyLineChart.Draw("c1", "t", "d", Days(0, 5, 10));

        var points = Points(chart.Elements(Svg + "polyline").Single());
        Assert.Equal(3, points.Count);
        Assert.True(points[0].X < points[1].X && points[1].X < points[2].X);
        Assert.True(points[0].Y > points[1].Y && points[1].Y > points[2].Y);
        Assert.Equal(points[1].Y, (points[0].Y + points[2].Y) / 2, precision: 0);
        Assert.Contains(chart.Elements(Svg + "text"), t => t.Value == "10");
        Assert.Contains(chart.Elements(Svg + "text"), t => t.Value == "2026-11-20");
        Assert.Contains(chart.Elements(Svg + "text"), t => t.Value == "2026-11-22");
    }

    [Fact]
    public void Days_without_a_figure_break_the_line_and_a_lone_day_is_a_dot()
    {
        var chart = DailyLineChart.Draw("c1", "t", "d", Days(null, 2, 3, null, 4, null, 1, 1));

        Assert.Equal([2, 2], chart.Elements(Svg + "polyline").Select(l => Points(l).Count));
        Assert.Single(chart.Elements(Svg + "circle"));
    }

    [Fact]
    public void A_span_with_no_figure_draws_the_axes_alone()
    {
        var chart = DailyLineChart.Draw("c1", "t", "d", Days(null, null));

        Assert.Empty(chart.Elements(Svg + "polyline"));
        Assert.Empty(chart.Elements(Svg + "circle"));
        Assert.Equal(2, chart.Elements(Svg + "line").Count());
    }

    private static List<(DateOnly Day, int? Figure)> Days(params int?[] figures) =>
        [.. figures.Select((figure, i) => (First.AddDays(i), figure))];

    private static List<(double X, double Y)> Points(XElement polyline) =>
        [.. ((string)polyline.Attribute("points")!).Split(' ').Select(p => p.Split(',')).Select(p => (
            double.Parse(p[0], System.Globalization.CultureInfo.InvariantCulture),
            double.Parse(p[1], System.Globalization.CultureInfo.InvariantCulture)))];
}
