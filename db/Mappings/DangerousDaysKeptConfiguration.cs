using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Reads;

namespace Prison.Db.Mappings;

internal sealed class DangerousDaysKeptConfiguration : IEntityTypeConfiguration<DangerousDaysKept>
{
    public void Configure(EntityTypeBuilder<DangerousDaysKept> builder)
    {
        builder.ToTable("prison_dangerous_day_kept");
        builder.HasKey(k => k.Id).HasName("prison_dangerous_day_kept_pkey");
        builder.Property(k => k.Id).ValueGeneratedNever();
    }
}
