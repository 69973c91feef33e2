using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class RequestConfiguration : RecordConfiguration<Request>
{
    protected override int RecordPart => 4;

    protected override void ConfigureRecord(EntityTypeBuilder<Request> builder)
    {
        builder.Property(r => r.Type).HasConversion<string>().HasMaxLength(24);
        builder.Property(r => r.Decision).HasConversion<string>().HasMaxLength(16);
        builder.Ignore(r => r.IsDenied);
    }
}
