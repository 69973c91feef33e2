namespace Prison.Worker.Import;

/// <summary>An inmate the day says something new about: their new row, or null when the file no longer lists them.</summary>
public sealed record InmateOnDay(string InmateId, CustodyRow? Row);
