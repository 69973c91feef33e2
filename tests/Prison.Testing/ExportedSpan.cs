namespace Prison.Testing;

/// <summary>One span as an OTLP exporter sent it: enough of it to follow a trace across processes.</summary>
public sealed record ExportedSpan(
    string Service,
    string TraceId,
    string SpanId,
    string? ParentSpanId,
    string Name,
    IReadOnlyDictionary<string, string> Attributes,
    IReadOnlyList<string> LinkedTraceIds)
{
    public override string ToString() =>
        $"{Service}: {Name} ({TraceId}/{SpanId} <- {ParentSpanId ?? "root"}) {string.Join(", ", Attributes.Select(a => $"{a.Key}={a.Value[..Math.Min(a.Value.Length, 40)]}"))}";
}
