using Microsoft.EntityFrameworkCore.Storage.ValueConversion;

namespace Prison.Db;

/// <summary>Writes instants as UTC and reads them back marked UTC, on every provider.</summary>
internal sealed class UtcDateTimeConverter() : ValueConverter<DateTime, DateTime>(
    value => value.Kind == DateTimeKind.Local ? value.ToUniversalTime() : DateTime.SpecifyKind(value, DateTimeKind.Utc),
    stored => DateTime.SpecifyKind(stored, DateTimeKind.Utc));
