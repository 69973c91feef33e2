using System.Globalization;
using Spectre.Console;
using Spectre.Console.Rendering;

namespace Prison.Worker.Import;

/// <summary>A progress column showing the task's speed as rows per second (Spectre's own speed column counts bytes).</summary>
public sealed class RowsPerSecondColumn : ProgressColumn
{
    public override IRenderable Render(RenderOptions options, ProgressTask task, TimeSpan deltaTime) =>
        task.Speed is { } speed
            ? new Text($"{speed.ToString("N0", CultureInfo.InvariantCulture)} rows/s", new Style(Color.Blue))
            : new Text("- rows/s", new Style(Color.Grey));
}
