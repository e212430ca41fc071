-- CreateTable
CREATE TABLE "DeviceNonce" (
    "nonce" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeviceNonce_pkey" PRIMARY KEY ("nonce")
);

-- CreateIndex
CREATE INDEX "DeviceNonce_createdAt_idx" ON "DeviceNonce"("createdAt");
